export class TurnCancelled extends Error {}

export class PromptFailure extends Error {}

export class ModelSettleFailure extends Error {}
