import { floorResponse, floorStatus } from './answer.ts';

export default (error: unknown) => {
  if (floorStatus >= 500) console.error(error);
  return floorResponse();
};
