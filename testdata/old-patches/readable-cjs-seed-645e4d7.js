// src/server/acp-server.ts
var import_node_fs = require("node:fs");

// src/agent/execution.ts
var executionSequence = 0;
var AgentExecution = class {
  executionId;
  sessionServices;
  promptContext;
  signal;
  agentName;
  subExecutionDepth;
  skipHooks;
  abortController = new AbortController();
  state = void 0;
  steeringReaderIndex = 0;
  drainRetryCount = 0;
  steeringExhausted = false;
  queuedSteering = [];
  prompts = [];
  constructor(config) {
    this.executionId = `${(++executionSequence).toString(16).padStart(8, "0")}-${config.agentName}`;
    this.sessionServices = config.sessionServices;
    this.promptContext = config.promptContext;
    this.signal = config.signal;
    this.agentName = config.agentName;
    this.subExecutionDepth = config.subExecutionDepth ?? 0;
    this.skipHooks = config.skipHooks ?? false;
    config.signal.addEventListener("abort", () => this.abortController.abort(), { once: true });
    this.sessionServices.registry.register(this);
  }
  setSteeringReaderIndex(index) {
    this.steeringReaderIndex = index;
  }
  queueSteering(message) {
    this.queuedSteering.push(message);
  }
  // Moves queued steering into the next model prompt.
  takeQueuedSteering() {
    const taken = this.queuedSteering;
    this.queuedSteering = [];
    this.prompts.push(taken);
    return taken;
  }
  // The end-of-turn check: unread buffer entries or a non-empty own queue.
  hasQueuedUserMessage() {
    return this.steeringReaderIndex < this.sessionServices.liveSteering.length || this.queuedSteering.length > 0;
  }
};

// src/steering/live-steering-hook.ts
async function drainLiveSteering(execution) {
  const buffer = execution.sessionServices.liveSteering;
  if (!buffer) return;
  for (let index = execution.steeringReaderIndex; index < buffer.length; index++) {
    const message = buffer.at(index);
    execution.steeringReaderIndex = index + 1;
    if (!message) continue;
    message.handlers.add(execution.executionId);
    execution.queueSteering(message);
    execution.sessionServices.logger.info(
      `[LiveSteeringHook] injected steering ${message.id} into ${execution.agentName} (${execution.executionId.slice(0, 8)}) (handlers: ${message.handlers.size})`
    );
  }
}

// src/telemetry/spans.ts
var spans = [];
function recordSpan(name, attributes) {
  spans.push({ name, attributes, at: spans.length });
  if (spans.length > 1e3) spans.shift();
}

// src/tools/invoke-sub-agent.ts
var MAX_SUB_AGENT_DEPTH = 4;
async function invokeSubAgent(state, input) {
  const currentDepth = state.execution.subExecutionDepth;
  if (currentDepth >= MAX_SUB_AGENT_DEPTH) throw new Error(`sub-agent depth limit ${MAX_SUB_AGENT_DEPTH} reached`);
  const subagentId = input.agentName;
  const subAgentExecution = /*kiro-steer-scope:1 mode=seed len=107 sha256=c46bb64d9e92afdff0ccb866325e4ce822d5691bc4f17fb0dc531c735bef2d93 stock=86d6488c761c575a285196cd603650e48df0f6aa3b906adb740971f4124cdf38 count=4 set=1d2ba0f75350e06aaf1a19cd32acdc600ea992d2e3c28fbf4c23bac38134bf7d*/((__kssExec)=>(__kssExec.setSteeringReaderIndex(__kssExec.sessionServices.liveSteering.length),__kssExec))(/*kiro-steer-scope:1 end*/new AgentExecution({
    sessionServices: state.execution.sessionServices,
    promptContext: state.execution.promptContext,
    signal: state.execution.abortController.signal,
    subExecutionDepth: currentDepth + 1,
    agentName: subagentId
  })/*kiro-steer-scope:1 mode=seed len=1 sha256=ba5ec51d07a4ac0e951608704431d59a02b21a4e951acc10505a8dc407c501ee*/)/*kiro-steer-scope:1 end*/;
  recordSpan("sub-agent", { agentName: subagentId, subExecutionDepth: currentDepth + 1 });
  const result = await runExecution(subAgentExecution);
  return { agent: subagentId, turns: result.turns };
}

// src/tools/registry.ts
var tools = {
  "invoke-sub-agent": invokeSubAgent,
  read_file: async (_state, input) => ({ path: input?.path ?? "README.md", content: "" })
};
async function executeTool(state, turn) {
  const tool = tools[turn.name];
  if (!tool) throw new Error(`unknown tool ${turn.name}`);
  return tool(state, turn.input);
}

// src/graph/nodes.ts
var NodeId = {
  MODEL_INVOKE: "MODEL_INVOKE",
  TOOL_EXECUTE: "TOOL_EXECUTE",
  END_OF_TURN: "END_OF_TURN",
  DONE: "DONE"
};
var MAX_DRAIN_RETRIES = 3;
var ModelSettleError = class extends Error {
};
var PromptError = class extends Error {
};
async function invokeModel(state) {
  state.execution.takeQueuedSteering();
  const turn = await state.execution.sessionServices.model.invoke(state.execution);
  return { ...state, lastTurn: turn, turns: state.turns + 1 };
}
async function modelInvokeNode(state) {
  await drainLiveSteering(state.execution);
  state = await invokeModel(state);
  state.execution.state = state;
  const turn = state.lastTurn;
  if (turn.kind === "error") throw new PromptError(turn.message);
  if (turn.kind === "settle-fail") throw new ModelSettleError(turn.message);
  return { ...state, node: turn.kind === "tool" ? NodeId.TOOL_EXECUTE : NodeId.END_OF_TURN };
}
function endOfTurnNode(state, targets) {
  if (state.execution.hasQueuedUserMessage()) {
    if (state.execution.drainRetryCount < MAX_DRAIN_RETRIES) {
      state.execution.drainRetryCount++;
      state.execution.sessionServices.logger.debug(
        `[EndOfTurn] steering queued for ${state.execution.agentName}; continuing (${state.execution.drainRetryCount}/${MAX_DRAIN_RETRIES})`
      );
      return targets.continueTarget;
    }
    state.execution.steeringExhausted = true;
    state.execution.sessionServices.logger.warn(`[EndOfTurn] steering still queued for ${state.execution.agentName} after ${MAX_DRAIN_RETRIES} retries`);
  }
  return targets.doneTarget;
}
async function runExecution(execution) {
  let state = { execution, node: NodeId.MODEL_INVOKE, turns: 0 };
  while (state.node !== NodeId.DONE) {
    if (execution.abortController.signal.aborted) throw new DOMException("execution cancelled", "AbortError");
    switch (state.node) {
      case NodeId.MODEL_INVOKE:
        state = await modelInvokeNode(state);
        break;
      case NodeId.TOOL_EXECUTE:
        await executeTool(state, state.lastTurn);
        state = { ...state, node: NodeId.MODEL_INVOKE };
        break;
      case NodeId.END_OF_TURN:
        state = { ...state, node: endOfTurnNode(state, { continueTarget: NodeId.MODEL_INVOKE, doneTarget: NodeId.DONE }) };
        break;
    }
  }
  return state;
}

// src/memory/memory-extraction.ts
var MEMORY_SYSTEM_PROMPT = "Extract durable facts about the user and the workspace from the conversation.";
function memoryPromptContext(context) {
  return { ...context, systemPrompt: MEMORY_SYSTEM_PROMPT };
}
async function runMemoryExtraction(execution) {
  const extraction = /*kiro-steer-scope:1 mode=seed len=107 sha256=c46bb64d9e92afdff0ccb866325e4ce822d5691bc4f17fb0dc531c735bef2d93*/((__kssExec)=>(__kssExec.setSteeringReaderIndex(__kssExec.sessionServices.liveSteering.length),__kssExec))(/*kiro-steer-scope:1 end*/new AgentExecution({
    sessionServices: execution.sessionServices,
    promptContext: memoryPromptContext(execution.promptContext),
    signal: execution.abortController.signal,
    subExecutionDepth: execution.subExecutionDepth + 1,
    agentName: "memory-extraction",
    skipHooks: true
  })/*kiro-steer-scope:1 mode=seed len=1 sha256=ba5ec51d07a4ac0e951608704431d59a02b21a4e951acc10505a8dc407c501ee*/)/*kiro-steer-scope:1 end*/;
  try {
    await runExecution(extraction);
  } catch (error) {
    execution.sessionServices.logger.warn(`memory extraction failed: ${error.message}`);
  }
}

// src/model/scripted-model.ts
var ScriptedModel = class {
  constructor(sink) {
    this.sink = sink;
  }
  sink;
  waiting = /* @__PURE__ */ new Map();
  assigned = /* @__PURE__ */ new WeakMap();
  // The next execution started under this agent name runs this script.
  expect(agentName, steps) {
    const queue = this.waiting.get(agentName) ?? [];
    queue.push(steps);
    this.waiting.set(agentName, queue);
  }
  scriptFor(execution) {
    let script = this.assigned.get(execution);
    if (!script) {
      script = { steps: this.waiting.get(execution.agentName)?.shift() ?? [], next: 0 };
      this.assigned.set(execution, script);
    }
    return script;
  }
  async invoke(execution) {
    const script = this.scriptFor(execution);
    const step = script.steps[script.next++] ?? { then: "reply" };
    await Promise.resolve();
    for (const event of step.during ?? []) {
      if ("steer" in event) this.sink.steer(event.steer);
      else if ("notify" in event) this.sink.notify(event.notify);
      else if ("clear" in event) this.sink.clearSteering();
      else if ("cancel" in event) this.sink.cancel();
    }
    const action = step.then ?? "reply";
    if (action === "reply") return { kind: "reply", text: `reply from ${execution.agentName}` };
    if (action === "tool") return { kind: "tool", name: "read_file", input: { path: "README.md" } };
    if (action === "error") return { kind: "error", message: "scripted prompt error" };
    if (action === "settle-fail") return { kind: "settle-fail", message: "scripted settle failure" };
    this.expect(action.subAgent.agent, action.subAgent.script ?? []);
    return { kind: "tool", name: "invoke-sub-agent", input: { agentName: action.subAgent.agent } };
  }
};

// src/util/logger.ts
var order = { debug: 10, info: 20, warn: 30, error: 40 };
var Logger = class _Logger {
  constructor(scope, level = "info") {
    this.scope = scope;
    this.level = level;
  }
  scope;
  level;
  child(scope) {
    return new _Logger(`${this.scope}:${scope}`, this.level);
  }
  log(level, message) {
    if (order[level] < order[this.level] && !process.env.KAS_LOG_ALL) return;
    process.stderr.write(`${level.toUpperCase()} [${this.scope}] ${message}
`);
  }
  debug(message) {
    this.log("debug", message);
  }
  info(message) {
    this.log("info", message);
  }
  warn(message) {
    this.log("warn", message);
  }
  error(message) {
    this.log("error", message);
  }
};
var logger = new Logger("kas");

// src/steering/live-steering-buffer.ts
var logger2 = logger.child("steering");
var LiveSteeringBuffer = class {
  messages = [];
  messageById = /* @__PURE__ */ new Map();
  sequence = 0;
  epoch = 0;
  get length() {
    return this.messages.length;
  }
  at(index) {
    return this.messages[index];
  }
  push(kind, text) {
    const id = `${kind === "user" ? "steer" : "notify"}-${++this.sequence}`;
    const message = { id, kind, text, epoch: this.epoch, handlers: /* @__PURE__ */ new Set() };
    this.messages.push(message);
    this.messageById.set(id, message);
    logger2.debug(`queued ${id} (${kind}) at ${this.messages.length - 1}`);
    return message;
  }
  // Acknowledgment predicate; nothing in the runtime calls it.
  isHandled(id) {
    const message = this.messageById.get(id);
    return message !== void 0 && message.handlers.size > 0;
  }
  // Clearing resets no live cursor (kirodotdev/Kiro#11449).
  clear(reason) {
    logger2.debug(`clearing ${this.messages.length} steering message(s): ${reason}`);
    this.messages = [];
    this.messageById.clear();
  }
  snapshot() {
    return [...this.messages];
  }
};

// src/session/session.ts
var SessionRegistry = class {
  executions = [];
  register(execution) {
    this.executions.push(execution);
  }
};
var EventAdapter = class {
  ownedExecutionId;
  setOwnedExecutionId(id) {
    this.ownedExecutionId = id;
  }
};
var AcpSession = class {
  constructor(sessionId, promptContext) {
    this.sessionId = sessionId;
    this.promptContext = promptContext;
    this.sessionServices = {
      sessionId,
      liveSteering: new LiveSteeringBuffer(),
      registry: this.registry,
      logger: logger.child(sessionId),
      model: this.model
    };
  }
  sessionId;
  promptContext;
  registry = new SessionRegistry();
  eventAdapter = new EventAdapter();
  model = new ScriptedModel(this);
  sessionServices;
  steeringEpoch = 0;
  turnController;
  outcomes = [];
  steer(text) {
    this.sessionServices.liveSteering.push("user", text);
  }
  notify(text) {
    this.sessionServices.liveSteering.push("notification", text);
  }
  // _session/steer/clear
  clearSteering() {
    this.sessionServices.liveSteering.clear("_session/steer/clear");
    this.steeringEpoch++;
  }
  cancel() {
    this.turnController?.abort();
  }
  async prompt(request) {
    this.turnController = new AbortController();
    this.model.expect("kiro", request.script ?? []);
    if (request.memoryExtraction && typeof request.memoryExtraction === "object") {
      this.model.expect("memory-extraction", request.memoryExtraction.script ?? []);
    }
    const root = new AgentExecution({
      sessionServices: this.sessionServices,
      promptContext: this.promptContext,
      signal: this.turnController.signal,
      agentName: "kiro"
    });
    const outcome = await this.runTurn(root, request, false, 0);
    this.outcomes.push({ prompt: request.prompt, outcome });
    return outcome;
  }
  async runTurn(execution, request, isContinuation, resumeIndex) {
    const buffer = this.sessionServices.liveSteering;
    if (isContinuation) {
      execution.setSteeringReaderIndex(resumeIndex);
    }
    this.eventAdapter.setOwnedExecutionId(execution.executionId);
    try {
      await runExecution(execution);
    } catch (error) {
      if (error.name === "AbortError") {
        buffer.clear("cancel");
        return "cancelled";
      }
      if (error instanceof ModelSettleError) {
        buffer.clear("model-settle-failure");
        return "settle-failed";
      }
      buffer.clear("prompt-error");
      return "error";
    }
    if (request.memoryExtraction && !isContinuation) await runMemoryExtraction(execution);
    if (this.turnController.signal.aborted) {
      buffer.clear("cancel");
      return "cancelled";
    }
    if (buffer.length > execution.steeringReaderIndex) {
      const continuation = new AgentExecution({
        sessionServices: this.sessionServices,
        promptContext: this.promptContext,
        signal: this.turnController.signal,
        agentName: "kiro"
      });
      return this.runTurn(continuation, request, true, execution.steeringReaderIndex);
    }
    buffer.clear("turn-end");
    return isContinuation ? "continued" : "completed";
  }
};

// src/server/acp-server.ts
function usage() {
  process.stderr.write("usage: acp-server --scenario <file.json|->\n");
  process.exit(2);
}
async function runScenario(scenario) {
  const session = new AcpSession("session-1", { systemPrompt: "You are Kiro.", workspace: process.cwd() });
  for (const turn of scenario.turns) {
    await session.prompt({ memoryExtraction: scenario.memoryExtraction, ...turn });
  }
  return {
    outcomes: session.outcomes.map((o) => o.outcome),
    steeringEpoch: session.steeringEpoch,
    executions: session.registry.executions.map((execution) => ({
      id: execution.executionId,
      agent: execution.agentName,
      depth: execution.subExecutionDepth,
      received: execution.prompts.flat().map((m) => m.id),
      receivedText: execution.prompts.flat().map((m) => m.text),
      prompts: execution.prompts.length,
      drainRetries: execution.drainRetryCount,
      exhausted: execution.steeringExhausted,
      cursor: execution.steeringReaderIndex
    }))
  };
}
async function main(argv) {
  const at = argv.indexOf("--scenario");
  if (at < 0 || !argv[at + 1]) usage();
  const source = argv[at + 1] === "-" ? (0, import_node_fs.readFileSync)(0, "utf8") : (0, import_node_fs.readFileSync)(argv[at + 1], "utf8");
  const report = await runScenario(JSON.parse(source));
  process.stdout.write(`${JSON.stringify(report)}
`);
}
main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`acp-server: ${error.stack ?? error}
`);
  process.exit(1);
});
