// `@error-contract/core/maps`: ready mappers for the `map` option, one file per library. Each
// recognises its library's errors by name, code and shape and imports nothing of it.
export type { FieldNames, FieldOptions, RetryOptions } from './answers.js';
export { type JwtErrorsOptions, jwtErrors } from './jwt.js';
export { mongooseErrors } from './mongoose.js';
export { mysqlErrors } from './mysql.js';
export { postgresErrors } from './postgres.js';
export { prismaErrors } from './prisma.js';
export { sequelizeErrors } from './sequelize.js';
export { sqliteErrors } from './sqlite.js';
export { typeormErrors } from './typeorm.js';
