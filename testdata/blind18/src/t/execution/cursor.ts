// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T = object> = new (...args: any[]) => T;

/** Adds the live-steering read position (and its retry budget) to an execution class. */
export function WithSteeringCursor<TBase extends Constructor>(Base: TBase) {
  return class SteeringCursorExecution extends Base {
    steeringReaderIndex: number;
    drainRetryCount: number;

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      this.steeringReaderIndex = 0;
      this.drainRetryCount = 0;
    }

    setSteeringReaderIndex(n: number): void {
      this.steeringReaderIndex = n;
    }
  };
}
