export default {
  offline: 'You are offline. What you type and the photos you choose are kept on this phone.',
  offlineText: 'You are offline. What you type is kept on this phone.',
  waiting: 'You are offline: your request will be sent when you are back online. Nothing you entered is lost.',
  sendNow: 'Try sending now',
};
