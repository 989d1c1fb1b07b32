import type { Plugin } from 'vite';

/** The build step naming the seller screens' chunks in index.html (screen-chunks-plugin.mjs). */
export declare function screenChunks(): Plugin;
