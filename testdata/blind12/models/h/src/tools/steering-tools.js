/** Tools through which a run relays steering typed by the user or raised by a workflow. */
export function createSteeringTools(session) {
  return {
    user_steer: async (_state, call) => `queued ${session.steer(call.text ?? "").id}`,
    notify: async (_state, call) => `notified ${session.steer(call.text ?? "", "workflow").id}`,
  };
}
