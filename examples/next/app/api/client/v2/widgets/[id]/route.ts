export { DELETE, GET } from '@/routes/widget';
