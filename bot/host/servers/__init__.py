"""Each server's settings, as its admins set them: what tables opened afterwards take (`server_desk`)."""
