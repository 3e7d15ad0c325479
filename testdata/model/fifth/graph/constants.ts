export const GraphNode = {
  ModelInvoke: "MODEL_INVOKE",
  ToolExecution: "TOOL_EXECUTION",
  EndOfTurn: "END_OF_TURN",
  Done: "DONE",
} as const;
export type GraphNode = (typeof GraphNode)[keyof typeof GraphNode];

/** Bound on END_OF_TURN -> MODEL_INVOKE loops for steering that is still queued. */
export const MAX_STEERING_DRAIN_RETRIES = 3;

export const MAX_GRAPH_STEPS = 500;
