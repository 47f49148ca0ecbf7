/** What the user should do about each kind of failure; integrations show these as-is. */
export const hints = {
  authentication:
    'Check the API key in your Social Data settings: it starts with tda_. A rotated key stops working; copy the current one from your account dashboard.',
  credits: 'Your Social Data account has run out of credits. Top it up in the dashboard, then run again.',
  permission:
    'The API refused this request. Check that your key and session cookie belong to an account allowed to see this.',
  notFound:
    'Check the screen name, id or URL: the account, tweet, list, community or topic does not exist or is not visible.',
  /** The same, for a read whose address names what is missing (`namingWhatIsMissing`). */
  accountMissing:
    'Check the username or profile URL: no account has that name, or the account is not visible.',
  listMissing: 'Check the list id or URL: the list does not exist or is not visible.',
  communityMissing: 'Check the community id or URL: the community does not exist or is not visible.',
  topicMissing: 'Check the topic id or URL: the topic does not exist or is not visible.',
  validation: 'Correct the named input and run again.',
  startCursor:
    'The API did not take the start cursor: give a next_cursor of an earlier page of this same read, unchanged, or leave startCursor out to start at the first page.',
  proxy:
    'Check the proxy URL in your Social Data settings: an http://, https://, socks5:// or socks5h:// URL with a host, e.g. http://user:password@host:8080.',
  cookie: 'Check the session cookie in your Social Data settings: copy it again from a logged-in browser.',
  session:
    'This acts as your own account, so it needs your session: add the cookie of a browser logged in to it and your proxy in your Social Data settings.',
  rateLimit:
    'The API is rate limiting this key. Wait a moment and run again, or read fewer pages in one run.',
  upstream: 'The API had a temporary problem. Run again in a moment.',
  refused:
    'Running this again unchanged will not help. Check the inputs, and that the base URL points at the Social Data API.',
  mayHaveActed:
    'The request reached the API before it failed, so the list may have been created. Check your lists before running this again, or you may get the list twice.',
  notModified:
    'HTTP 304 answers a conditional request, which this client never sends: something between you and the API (a cache or proxy at the base URL) answered instead. Check the base URL.',
  connection: 'Could not reach the API. Check the base URL in your Social Data settings, and your network.',
  connectionLost:
    'The connection to the API broke before its answer was complete. Run again in a moment; if it keeps happening, check your network and anything between you and the API.',
  timeout: 'The API did not answer in time. Run again, or raise the timeout.',
  deadline:
    'The time limit was used up before this request. Ask for fewer items or ids at once, or split the work.',
  redirect:
    'The API answered with a redirect, which is never followed so the key and session go nowhere else. Put the address the API answers at in the base URL in your Social Data settings: usually https:// instead of http://, a current host name, or no extra path.',
  tooLarge:
    'No page of the Social Data API comes near this size: check that the Base URL points at the API and not at a file server or a proxy. If it does, ask for smaller pages.',
  cancelled: 'The run was stopped before this call finished; nothing more was sent.',
  address:
    'The base URL answered that this address does not exist. Check the base URL in your Social Data settings: it must be the API address without a path of its own.',
  partial:
    'Some ids were looked up and some failed. The records found are kept; run again for the failed ids.',
  media:
    'The picture or video could not be downloaded. Run again in a moment; if it keeps failing, the file was removed or the media host refuses it, so turn off Download Media for this item or skip it.',
  mediaTooLarge:
    'The file is larger than the download size cap. Raise the cap (Max Media Size) if you want such files, or leave the media as URLs.',
  mediaType:
    'The media host sent a different kind of file than the item announced (or an error page). Run again; if it persists, leave this item as a URL.',
  format:
    'The API answered with something other than the expected JSON. Check that the base URL points at the Social Data API.',
} as const;
