// A Pages Router API route beside the App Router: `(req, res)`, with Next's res.status()/json().
import { errors, ITEMS, MODE, SECRET } from '../../lib/errors.js';

function list(req, res) {
  if (req.query.fail !== undefined) throw new Error(`legacy failure: ${SECRET}`);
  if (req.query.missing !== undefined) return res.status(404).end();
  res.status(200).json(ITEMS.slice(0, 3));
}

// Without the contract, the handler as its users write it: one function that checks the method.
function legacy(req, res) {
  if (req.method !== 'GET') return res.status(405).end();
  return list(req, res);
}

export default MODE === 'scoped' ? errors.apiRoute({ GET: list }) : legacy;
