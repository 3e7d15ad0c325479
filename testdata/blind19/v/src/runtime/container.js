/** Service locator with lazy singletons. */
export class Container {
  #defs = new Map();
  #made = new Map();

  set(name, make) {
    this.#defs.set(name, make);
    return this;
  }

  get(name) {
    if (!this.#made.has(name)) {
      const make = this.#defs.get(name);
      if (!make) throw new Error(`no service named ${name}`);
      this.#made.set(name, make(this));
    }
    return this.#made.get(name);
  }
}
