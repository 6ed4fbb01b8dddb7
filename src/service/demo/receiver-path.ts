/** Where the service's own demo alert receiver listens (app/demo-receiver.ts); demo channels point here. */
export const DEMO_RECEIVER_PATH = "/demo/receiver";
