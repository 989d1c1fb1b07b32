import type { Plugin } from 'vite';

export declare const ROUTE_CHUNKS_FILE: string;
/** The screen module each seller path shows, read from the route table's source. */
export declare function screenModulesByPath(source: string): Map<string, string>;
/** The build step writing each seller page's first chunks to dist/route-chunks.json (route-chunks-plugin.mjs). */
export declare function routeChunks(): Plugin;
