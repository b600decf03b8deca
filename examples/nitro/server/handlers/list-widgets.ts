import { defineHandler } from 'nitro';
import { widgets } from '../utils/service.ts';

export default defineHandler(() => Response.json(widgets.list()));
