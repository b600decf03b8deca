// The few members of Bun's and Deno's globals the service's entries use (src/bun.ts, src/deno.ts),
// declared here rather than installing each runtime's full type package: the examples type-check
// with Node's and the DOM's types, and these entries only run where the globals exist.
declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    fetch(request: Request, server: unknown): Response | Promise<Response>;
  }): { readonly port: number; stop(closeActiveConnections?: boolean): Promise<void> };
};

declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?(address: { hostname: string; port: number }): void },
    handler: (request: Request, info: unknown) => Response | Promise<Response>,
  ): { readonly addr: { hostname: string; port: number }; shutdown(): Promise<void>; readonly finished: Promise<void> };
};
