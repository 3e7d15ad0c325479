// The bench bundle's entry: the KAS steering model (so the result is a
// patchable KAS bundle) plus large real packages, kept whole, standing in for
// the rest of the real runtime's ~11 MB of dependencies.
import "../testdata/model/src/server/acp-server.ts";
import * as typescript from "typescript";
import * as babel from "@babel/standalone";
import * as prettier from "prettier";

globalThis.__benchKeep = [typescript, babel, prettier];
