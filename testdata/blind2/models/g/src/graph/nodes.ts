export enum GraphNode {
  ModelInvoke = "MODEL_INVOKE",
  ToolExecution = "TOOL_EXECUTION",
  FinalResponse = "FINAL_RESPONSE",
  Done = "DONE",
}
