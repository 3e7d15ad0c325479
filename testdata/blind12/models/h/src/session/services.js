import { SteeringQueue } from "../steering/steering-queue.js";
import { Telemetry } from "../support/telemetry.js";

/**
 * @typedef {{ liveSteering: SteeringQueue, telemetry: Telemetry, userHooks: object[], settings: object }} SessionServices
 */

/** @returns {SessionServices} */
export function createSessionServices(settings) {
  return Object.seal({
    liveSteering: new SteeringQueue(),
    telemetry: new Telemetry(),
    userHooks: settings.hooks ?? [],
    settings,
  });
}
