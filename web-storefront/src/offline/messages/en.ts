export default {
  savedOffline: 'Saved {time} — you are offline',
  savedSlow: 'Saved {time} — the connection is too slow to bring it up to date',
};
