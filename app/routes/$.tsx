import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NotFound } from "~/components/layout/error-page";

// Any path no route claims, read or posted to: log it for whoever watches the server, answer 404.
function noRoute(request: Request): never {
  console.error(`404: no route matches ${new URL(request.url).pathname}`);
  throw new Response(null, { status: 404 });
}

export async function loader({ request }: LoaderFunctionArgs) {
  noRoute(request);
}

export async function action({ request }: ActionFunctionArgs) {
  noRoute(request);
}

export default function CatchAll() {
  return <NotFound />;
}
