"""`pocketeval doctor` and `GET /system`: whether this installation can do its work here."""
