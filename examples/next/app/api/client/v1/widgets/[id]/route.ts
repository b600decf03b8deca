export { DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT } from '@/routes/widget';
