/**
 * Whether this tab's Aufträge event stream is connected (decision 0812). While it is, the
 * Aufträge screens read again only when an event says so; while it is down, every 15 s.
 */
let connected = false;

export const setOrderStreamConnected = (value: boolean) => {
  connected = value;
};

/** The refetch interval of an Aufträge screen: none while the stream is connected. */
export const whileStreamIsDown = (ms: number) => () => (connected ? false : ms);
