/** What put a message in the steering channel. */
export enum SteeringKind {
  /** a person typed it while the agent ran */
  User = "user",
  /** workflow and system notifications */
  Notification = "notification",
}

export function kindOf(origin: string | undefined): SteeringKind {
  switch (origin) {
    case undefined:
    case "user":
    case "client":
    case "ide":
      return SteeringKind.User;
    default:
      return SteeringKind.Notification;
  }
}
