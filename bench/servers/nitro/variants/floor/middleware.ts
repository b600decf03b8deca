import { floorResponse } from './answer.ts';

export default (event: { req: Request }) => (event.req.headers.get('accept') === null ? floorResponse() : undefined);
