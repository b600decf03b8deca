export default () => {
  throw new Error('connection to db-7 failed');
};
