import { HTTPError } from 'h3';

export default () => {
  throw new HTTPError({ status: 400, message: 'The cursor is not valid.' });
};
