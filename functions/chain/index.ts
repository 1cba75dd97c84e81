export * from './campaign-key';
export * from './coins';
export * from './deploy';
export * from './errors';
export * from './generated';
