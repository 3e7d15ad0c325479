import { SteeringLog } from "../steering/steering-log.js";

/**
 * @typedef {object} SessionServices
 * @property {{ log: SteeringLog, epoch: number }} steering
 * @property {Map<string, import("../agent/agent-execution.js").AgentExecution>} executions running executions by id
 * @property {HookBus} hooks
 * @property {UpdatePublisher} events
 */

export class HookBus {
  /** @param {Array<(event: string, execution: object) => unknown>} listeners */
  constructor(listeners = []) {
    this.listeners = listeners;
  }

  async emit(event, execution) {
    for (const listener of this.listeners) await listener(event, execution);
  }
}

/** ACP `session_info_update` notifications about steering, for one session. */
export class UpdatePublisher {
  /** @param {string} sessionId @param {(n: object) => void} [send] */
  constructor(sessionId, send) {
    this.sessionId = sessionId;
    this.send = send;
    this.ownedExecutionId = undefined;
    /** @type {object[]} */
    this.history = [];
  }

  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }

  /**
   * @param {"steering_queued"|"steering_injected"|"steering_cleared"} kind
   * @param {object} detail
   */
  publish(kind, detail) {
    const notification = {
      sessionId: this.sessionId,
      update: { sessionUpdate: "session_info_update", _meta: { kiro: { kind, ...detail } } },
    };
    if (this.history.push(notification) > 500) this.history.splice(0, 100);
    this.send?.(notification);
  }
}

/**
 * @param {{ sessionId: string, hooks?: Array<Function>, send?: (n: object) => void }} options
 * @returns {SessionServices}
 */
export function createSessionServices({ sessionId, hooks, send }) {
  return {
    steering: { log: new SteeringLog(), epoch: 0 },
    executions: new Map(),
    hooks: new HookBus(hooks),
    events: new UpdatePublisher(sessionId, send),
  };
}
