/** See arenas.mjs. */
export declare const wantsFewerArenas: (args: string[], env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform) => boolean;
export declare function runWithFewerArenas(): Promise<never>;
export declare function stopWithParent(): void;
