// the same widgets as servers/harness.mjs (not imported: the build would bundle its IPC code)
export const WIDGETS = [
  { id: '1', name: 'Sprocket', price: 9.5 },
  { id: '2', name: 'Gear', price: 2 },
];
