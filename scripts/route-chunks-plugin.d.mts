import type { Plugin } from 'vite';

export declare const ROUTE_CHUNKS_FILE: string;
/** The screen module each seller path shows, read from the route table's source. */
export declare function screenModulesByPath(source: string): Map<string, string>;
/** The build step writing each seller page's first chunks to dist/route-chunks.json (route-chunks-plugin.mjs). */
export declare function routeChunks(): Plugin;
/** The seller app's route table module. */
export declare const ROUTES: string;
/** The chunk holding a module: its own, or the group it was put in. */
export declare function chunkHolding(
  chunks: import('vite').Rollup.OutputChunk[],
  module: string,
): import('vite').Rollup.OutputChunk | undefined;
