// The real-size minified bench bundle's entry: the KAS steering model plus the
// largest chunk of a real esbuild-bundled agent CLI (@google/gemini-cli 0.61.0,
// Apache-2.0; ~10 MB minified), the shape of a real minified acp-server.js. Its
// own minified names collide with the model's (the execution class becomes
// `Pc`, also spelled in a Unicode table's "\\p{Pc}"), and its huge statements
// spell the anchors' common names.
import "../testdata/model/src/server/acp-server.ts";
import * as cli from "@google/gemini-cli/bundle/chunk-5FZXKDXH.js";

globalThis.__benchKeep = [cli];
