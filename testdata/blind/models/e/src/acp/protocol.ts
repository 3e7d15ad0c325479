// src/acp/protocol.ts
export const PROTOCOL_VERSION = 1;

export interface JsonRpcRequest {
  jsonrpc: "2.0";
  id?: number | string;
  method: string;
  params?: any;
}

export interface JsonRpcResponse {
  jsonrpc: "2.0";
  id: number | string;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export enum RpcErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  AuthRequired = -32000,
}

export class RpcError extends Error {
  constructor(readonly code: RpcErrorCode, message: string, readonly data?: unknown) {
    super(message);
  }
}

export interface ClientConnection {
  notify(method: string, params: unknown): void;
  request(method: string, params: unknown): Promise<unknown>;
}

export interface InitializeParams {
  protocolVersion: number;
  clientCapabilities?: {
    fs?: { readTextFile?: boolean; writeTextFile?: boolean };
    terminal?: boolean;
    _meta?: { kiro?: { steering?: boolean; subagents?: boolean } };
  };
  clientInfo?: { name: string; version: string };
}
