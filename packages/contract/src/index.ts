export * from './auth.ts';
export * from './constants.ts';
export * from './field-errors.ts';
export * from './hashing.ts';
export * from './messages/index.ts';
export * from './status.ts';
export * from './validation.ts';
