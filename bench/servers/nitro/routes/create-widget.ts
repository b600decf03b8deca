import { WIDGETS } from './widgets.ts';

export default (event: { res: { status: number } }) => {
  event.res.status = 201;
  return WIDGETS[0];
};
