// src/di/container.ts: the server's dependency-injection container (one child container per ACP session).
export enum ServiceId {
  Logger = "logger",
  Telemetry = "telemetry",
  SteeringStore = "steeringStore",
  SteeringSink = "steeringSink",
  ModelClient = "modelClient",
  ExecutionRegistry = "executionRegistry",
  ExecutionFactory = "executionFactory",
  ToolRegistry = "toolRegistry",
  TurnRunner = "turnRunner",
  MemoryExtraction = "memoryExtraction",
  SessionContainer = "sessionContainer",
}

type Ctor = new (...args: any[]) => unknown;

interface Registration {
  ctor: Ctor;
  scope: "singleton" | "session";
}

const registrations = new Map<ServiceId, Registration>();
const parameterTokens = new Map<Ctor, Map<number, ServiceId>>();

/** class decorator: registers the class under an id */
export function Injectable(id: ServiceId, scope: "singleton" | "session" = "session") {
  return function <T extends Ctor>(ctor: T): T {
    registrations.set(id, { ctor, scope });
    return ctor;
  };
}

/** parameter decorator: the constructor parameter is resolved from the container */
export function Inject(id: ServiceId) {
  return function (target: object, _key: string | symbol | undefined, index: number): void {
    let tokens = parameterTokens.get(target as Ctor);
    if (!tokens) {
      tokens = new Map();
      parameterTokens.set(target as Ctor, tokens);
    }
    tokens.set(index, id);
  };
}

export class Container {
  private instances = new Map<ServiceId, unknown>();
  private resolving = new Set<ServiceId>();

  constructor(private parent?: Container) {}

  registerValue<T>(id: ServiceId, value: T): this {
    this.instances.set(id, value);
    return this;
  }

  createChild(): Container {
    return new Container(this);
  }

  get<T>(id: ServiceId): T {
    if (this.instances.has(id)) return this.instances.get(id) as T;
    let registration = registrations.get(id);
    if (!registration) {
      if (this.parent) return this.parent.get<T>(id);
      throw new Error(`no provider for ${id}`);
    }
    if (registration.scope === "singleton" && this.parent) return this.parent.get<T>(id);
    if (this.resolving.has(id)) throw new Error(`circular dependency on ${id}`);
    this.resolving.add(id);
    try {
      let tokens = parameterTokens.get(registration.ctor) ?? new Map<number, ServiceId>();
      let args: unknown[] = [];
      for (let [index, token] of tokens) args[index] = this.get(token);
      let instance = new registration.ctor(...args);
      this.instances.set(id, instance);
      return instance as T;
    } finally {
      this.resolving.delete(id);
    }
  }
}

export const rootContainer = new Container();
