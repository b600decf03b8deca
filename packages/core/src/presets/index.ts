// `@error-contract/core/presets`: ready mappers for the `map` option, one file per library. Each
// recognises its library's errors by name, code and shape and imports nothing of it.
export type { FieldNames, FieldOptions, RetryOptions } from './answers.js';
export type { ServerAddress, ServersOptions } from './connection.js';
export { type JwtErrorsOptions, jwtErrors } from './jwt.js';
export { mongooseErrors } from './mongoose.js';
export { type MysqlErrorsOptions, mysqlErrors } from './mysql.js';
export { type PostgresErrorsOptions, postgresErrors } from './postgres.js';
export { prismaErrors } from './prisma.js';
export { type RedisErrorsOptions, redisErrors } from './redis.js';
export { sequelizeErrors } from './sequelize.js';
export { sqliteErrors } from './sqlite.js';
export { typeormErrors } from './typeorm.js';
export { upstreamErrors } from './upstream.js';
