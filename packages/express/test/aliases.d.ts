// express4 and express5 are npm aliases of express, installed side by side for the test matrix.
declare module 'express4' {
  import express from 'express';
  export default express;
}
declare module 'express5' {
  import express from 'express';
  export default express;
}
