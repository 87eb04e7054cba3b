/** Query keys of the meta feature; invalidate `metaKeys.all` to refetch everything it caches. */
export const metaKeys = {
  all: ['meta'] as const,
  config: () => [...metaKeys.all, 'config'] as const,
};
