import type { Container } from "../di/container";
import { LOGGER, STEERING_BUFFER, UPDATE_SINK } from "../di/tokens";
import type { SteeringBuffer } from "../steering/buffer";
import type { Logger } from "../util/logger";
import type { UpdateSink } from "../acp/updates";

/** The per-session service bag every execution of the session carries. */
export interface SessionServices {
  readonly container: Container;
  readonly steering: SteeringBuffer;
  readonly logger: Logger;
  readonly updates: UpdateSink;
}

export function createSessionServices(container: Container): SessionServices {
  let steering: SteeringBuffer | undefined;
  return {
    container,
    get steering() {
      return (steering ??= container.resolve(STEERING_BUFFER));
    },
    logger: container.resolve(LOGGER),
    updates: container.resolve(UPDATE_SINK),
  };
}
