-- Hand-written (issue 30): whether readers of a public post may download it as an EPUB, the author's
-- choice. Every post from before allows it, as a post made without saying does.
ALTER TABLE "posts" ADD COLUMN "allow_download" boolean DEFAULT true NOT NULL;
