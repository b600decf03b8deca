export { GET } from '@/routes/fail';
