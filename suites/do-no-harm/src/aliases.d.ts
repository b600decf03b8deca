// The older majors are installed under alias names; their typings are the current major's, which
// the fixtures cast to (they call nothing that differs between the two).
declare module 'express4' {
  const express: unknown;
  export default express;
}

declare module 'koa2' {
  const Koa: unknown;
  export default Koa;
}
