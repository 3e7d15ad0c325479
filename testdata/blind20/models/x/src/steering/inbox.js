// src/steering/inbox.ts — steering typed by the user or posted by workflows during a turn.
let sequence = 0;
function nextId(prefix) {
  sequence = (sequence + 1) & 0xffff;
  return `${prefix}-${Date.now().toString(16)}${sequence.toString(16).padStart(4, "0")}`;
}

export class SteeringInbox {
  #items = [];
  #byId = new Map();
  generation = 0;

  messageCount() {
    return this.#items.length;
  }

  at(index) {
    return this.#items[index];
  }

  ids() {
    return this.#items.map((item) => item.id);
  }

  add({ text, source = "user" }) {
    const kind = source === "user" ? "user" : "system";
    const message = { id: nextId(kind === "user" ? "steer" : "notify"), kind, source, text, handlers: new Set(), at: Date.now() };
    this.#items.push(message);
    this.#byId.set(message.id, message);
    return message;
  }

  acknowledge(id, handlerId) {
    const message = this.#byId.get(id);
    if (message === undefined) return false;
    message.handlers.add(handlerId);
    return true;
  }

  isHandled(id) {
    const message = this.#byId.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  drainAll() {
    const removed = this.#items;
    this.#items = [];
    this.#byId = new Map();
    this.generation++;
    return removed.map((item) => item.id);
  }
}
