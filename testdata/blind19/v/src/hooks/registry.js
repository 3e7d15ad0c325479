/** Hook points of an execution. System hooks run even for executions built with skipHooks. */
export class HookRegistry {
  #byPoint = new Map();

  use(point, hook, { system = false } = {}) {
    const list = this.#byPoint.get(point) ?? [];
    list.push({ hook, system });
    this.#byPoint.set(point, list);
    return this;
  }

  async run(point, execution, payload) {
    for (const { hook, system } of this.#byPoint.get(point) ?? []) {
      if (execution.skipHooks && !system) continue;
      await hook.handle(execution, payload);
    }
  }
}
