import { z } from 'zod';

export interface Widget {
  id: string;
  name: string;
  price?: number;
}

/** `POST /widgets` body: a name of 1..50 characters, an optional price >= 0, nothing else. */
export const widgetInput = z
  .object({
    name: z.string().min(1).max(50),
    price: z.number().min(0).optional(),
  })
  .strict();

/** In-memory widgets, seeded with one, as the reference service describes. */
export class WidgetStore {
  readonly #widgets = new Map<string, Widget>([['1', { id: '1', name: 'Sprocket', price: 9.5 }]]);
  #nextId = 2;

  list(): Widget[] {
    return [...this.#widgets.values()];
  }

  get(id: string): Widget | undefined {
    return this.#widgets.get(id);
  }

  /** Validates with `widgetInput` (throwing zod's error, which the contract renders) and stores. */
  create(input: unknown): Widget {
    const fields = widgetInput.parse(input);
    const widget: Widget = { id: String(this.#nextId++), ...fields };
    this.#widgets.set(widget.id, widget);
    return widget;
  }

  delete(id: string): boolean {
    return this.#widgets.delete(id);
  }
}

/** The 404 detail for an absent widget: it names the id, JSON-quoted so nothing is echoed raw. */
export function noSuchWidget(id: string): string {
  return `No widget has the id ${JSON.stringify(id)}.`;
}
