export { GET, POST } from '@/routes/widgets';
