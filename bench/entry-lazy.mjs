// The readable ESM bench bundle's entry, shaped like the readable ESM bundle
// of a real agent CLI: the KAS steering model, one large real package, and one
// larger module imported lazily, which esbuild wraps whole in one `__esm`
// statement (its top-level await makes the wrapper async): over half the file.
import "../testdata/model/src/server/acp-server.ts";
import * as typescript from "typescript";

globalThis.__benchKeep = [typescript];
globalThis.__benchLazy = () => import("./out/lazy-chunk.mjs");
