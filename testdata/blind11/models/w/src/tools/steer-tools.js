/** Tools that post into the session's steering channel. */
export const steerTools = [
  {
    name: "user_steer",
    /** @param {{ text?: string }} call */
    async run(call, state) {
      return `queued ${state.session.steer(call.text ?? "").id}`;
    },
  },
  {
    name: "notify",
    /** @param {{ text?: string }} call */
    async run(call, state) {
      return `posted ${state.session.steer(call.text ?? "", "workflow").id}`;
    },
  },
];
