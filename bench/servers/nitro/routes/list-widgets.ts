import { WIDGETS } from './widgets.ts';

export default () => WIDGETS;
