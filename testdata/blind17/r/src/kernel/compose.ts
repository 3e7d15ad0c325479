// Koa-style middleware composition: each step gets the context and a `next`
// that runs the rest of the chain; calling next twice is a bug.
export type Next = () => Promise<void>;
export type Middleware<C> = (ctx: C, next: Next) => Promise<void> | void;

export function compose<C>(stack: ReadonlyArray<Middleware<C>>): (ctx: C, last?: Next) => Promise<void> {
  for (const fn of stack) {
    if (typeof fn !== "function") throw new TypeError("middleware must be a function");
  }
  return function run(ctx: C, last?: Next): Promise<void> {
    let called = -1;
    const dispatch = (i: number): Promise<void> => {
      if (i <= called) return Promise.reject(new Error("next() called more than once"));
      called = i;
      const fn = i === stack.length ? last : stack[i];
      if (!fn) return Promise.resolve();
      try {
        return Promise.resolve(fn(ctx, () => dispatch(i + 1)));
      } catch (err) {
        return Promise.reject(err);
      }
    };
    return dispatch(0);
  };
}
