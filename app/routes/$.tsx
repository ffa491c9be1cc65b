import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NotFound } from "~/components/layout/error-page";

// Any path no route claims: log it for whoever watches the server, answer 404.
export async function loader({ request }: LoaderFunctionArgs) {
  console.error(`404: no route matches ${new URL(request.url).pathname}`);
  throw new Response(null, { status: 404 });
}

export const action = loader;

export default function CatchAll() {
  return <NotFound />;
}
